import type { errorStatusByCode } from "./generated/error-codes.js";
import type { operations as OperationTypes } from "./generated/schema.js";

export { enumValues } from "./generated/enums.js";
export { errorStatusByCode } from "./generated/error-codes.js";
export { operations } from "./generated/operations.js";
export type * from "./generated/schema.js";

type StatusOf = typeof errorStatusByCode;

/**
 * The error codes of the contract that come with an HTTP status, or a class of
 * statuses: `ErrorCodeForStatus<404>`, `ErrorCodeForStatus<"5xx">`.
 */
export type ErrorCodeForStatus<Status extends number | `${4 | 5}xx`> = {
  [Code in keyof StatusOf]: Status extends `${infer Digit}xx`
    ? `${StatusOf[Code]}` extends `${Digit}${string}`
      ? Code
      : never
    : StatusOf[Code] extends Status
      ? Code
      : never;
}[keyof StatusOf];

/** Every operation of the contract, by operationId. */
export type OperationId = keyof OperationTypes;

type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** The JSON request body of an operation (never when it takes none). */
export type RequestBody<Op extends OperationId> = OperationTypes[Op] extends {
  requestBody?: infer Body;
}
  ? JsonContent<NonNullable<Body>>
  : never;

/** Status codes an operation documents. */
export type ResponseStatus<Op extends OperationId> = keyof OperationTypes[Op]["responses"] & number;

/** The JSON body of one documented response of an operation. */
export type ResponseBody<Op extends OperationId, Status extends ResponseStatus<Op>> = JsonContent<
  OperationTypes[Op]["responses"][Status]
>;

/** Path parameters of an operation. */
export type PathParams<Op extends OperationId> = OperationTypes[Op]["parameters"] extends {
  path?: infer P;
}
  ? NonNullable<P>
  : never;

/** Query parameters of an operation. */
export type QueryParams<Op extends OperationId> = OperationTypes[Op]["parameters"] extends {
  query?: infer Q;
}
  ? NonNullable<Q>
  : never;
