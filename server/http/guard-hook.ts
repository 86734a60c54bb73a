import type { FastifyReply, FastifyRequest } from 'fastify';
import { inputText } from '../../domain/texts/server.ts';
import { BizError } from './errors.ts';
import { findInputProblem, MAX_INPUT_DEPTH, type InputProblem } from './input-guard.ts';

export function problemMessage(problem: InputProblem, idMax: number): string {
  switch (problem.kind) {
    case 'text': return inputText.badText(problem.field);
    case 'id': return inputText.badId(problem.field, idMax);
    case 'depth': return inputText.tooDeep(problem.field, MAX_INPUT_DEPTH);
    default: return inputText.badShape(problem.field);
  }
}

/**
 * A route's preValidation hook: the body (fields named below `data`), the query string and the
 * path parameters pass findInputProblem, or the request ends with HTTP 400 and the envelope
 * naming the field, as ajv's refusals do.
 */
export function guardRequest(idMax: number) {
  const options = { idMax };
  return function guard(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    const problem = (request.body !== undefined ? findInputProblem(request.body, options, 'data') : null)
      ?? findInputProblem(request.query, options)
      ?? findInputProblem(request.params, options);
    if (!problem) return done();
    const message = problemMessage(problem, idMax);
    done(BizError.fields(message, [{ field: problem.field || 'data', message }], 400));
  };
}
