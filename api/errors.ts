import { PROBLEMS, type ProblemCode, type ProblemOptions } from '../app/problems';

export { PROBLEMS, ProblemError, type FieldError, type ProblemCode, type ProblemOptions } from '../app/problems';

export function problemBody(code: ProblemCode, options: ProblemOptions, requestId: string, instance: string, docsBase: string) {
  return {
    type: `${docsBase}/docs/errors#${code}`,
    title: PROBLEMS[code].title,
    status: PROBLEMS[code].status,
    detail: options.detail ?? PROBLEMS[code].title,
    instance,
    code,
    ...(options.param ? { param: options.param } : {}),
    ...(options.errors ? { errors: options.errors } : {}),
    ...options.extensions,
    request_id: requestId,
  };
}
