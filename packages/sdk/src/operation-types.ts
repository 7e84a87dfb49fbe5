import type {
  OperationId,
  PathParams,
  QueryParams,
  RequestBody,
  ResponseBody,
  ResponseStatus,
} from "@geopulse/api-types";

type SuccessStatus<Op extends OperationId> = Extract<ResponseStatus<Op>, 200 | 201 | 202 | 204>;

/** What an operation answers on success (void for 204 No Content). */
export type Result<Op extends OperationId> = [ResponseBody<Op, SuccessStatus<Op>>] extends [never]
  ? undefined
  : ResponseBody<Op, SuccessStatus<Op>>;

/** One path parameter of an operation. */
export type PathParam<
  Op extends OperationId,
  Name extends string,
> = Name extends keyof PathParams<Op> ? PathParams<Op>[Name] : string;

/** The query parameters of an operation. */
export type Query<Op extends OperationId> = QueryParams<Op>;

/** The JSON body of an operation; an idempotency key in it is optional (the client adds one). */
export type Body<Op extends OperationId> =
  RequestBody<Op> extends { idempotencyKey: string }
    ? Omit<RequestBody<Op>, "idempotencyKey"> & { idempotencyKey?: string }
    : RequestBody<Op>;

/** The query of a paginated list without its cursor (the iterator passes it on). */
export type ListOptions<Op extends OperationId> = Omit<QueryParams<Op>, "cursor">;

/** One item of a paginated list. */
export type Item<Op extends OperationId> = Result<Op> extends { data: (infer T)[] } ? T : never;
