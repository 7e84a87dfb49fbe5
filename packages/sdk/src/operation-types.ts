import type * as Api from "@geopulse/api-types";

type SuccessStatus<Op extends Api.OperationId> = Extract<
  Api.ResponseStatus<Op>,
  200 | 201 | 202 | 204
>;

/** What an operation answers on success (undefined for 204 No Content). */
export type Result<Op extends Api.OperationId> = [Api.ResponseBody<Op, SuccessStatus<Op>>] extends [
  never,
]
  ? undefined
  : Api.ResponseBody<Op, SuccessStatus<Op>>;

/** One path parameter of an operation. */
export type PathParam<
  Op extends Api.OperationId,
  Name extends string,
> = Name extends keyof Api.PathParams<Op> ? Api.PathParams<Op>[Name] : string;

/** The query parameters of an operation. */
export type Query<Op extends Api.OperationId> = Api.QueryParams<Op>;

/** The JSON body of an operation; an idempotency key in it is optional (the client adds one). */
export type Body<Op extends Api.OperationId> =
  Api.RequestBody<Op> extends { idempotencyKey: string }
    ? Omit<Api.RequestBody<Op>, "idempotencyKey"> & { idempotencyKey?: string }
    : Api.RequestBody<Op>;

/** The query of a paginated list without its cursor (the iterator passes it on). */
export type ListOptions<Op extends Api.OperationId> = Omit<Api.QueryParams<Op>, "cursor">;

/** One item of a paginated list. */
export type Item<Op extends Api.OperationId> = Result<Op> extends { data: (infer T)[] } ? T : never;

/**
 * A paginated list: iterate it for every item (`for await`, pages fetched as the loop goes),
 * or ask for one page whole with `page(cursor?)`, which also carries what the list says of all
 * its pages (such as the answers' `total`).
 */
export type PagedList<Op extends Api.OperationId> = AsyncGenerator<Item<Op>> & {
  page(cursor?: string): Promise<Result<Op>>;
};
