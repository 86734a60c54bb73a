/**
 * Route schemas compiled on first use. The bill types alone register some 300 routes; compiling
 * every body schema with ajv at start took about a second of the cold start, for routes most
 * sessions never call. Each validator now compiles on its route's first request (a few ms once).
 * `compilePendingValidators` compiles whatever is left, so a test can prove every schema is sound.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';

type Validate = ((data: unknown) => boolean | Promise<unknown>) & { errors?: unknown };
type RouteSchema = Parameters<ReturnType<ReturnType<typeof AjvCompiler>>>[0];

const pending = new Set<() => Validate>();

/** A `compilersFactory.buildValidator` for Fastify that defers ajv's work to the first request. */
export function lazyValidatorFactory(): (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Validate {
  const eager = AjvCompiler();
  return (externalSchemas, options) => {
    const build = eager(externalSchemas as never, options as never);
    return (route) => {
      let compiled: Validate | undefined;
      const compile = () => {
        pending.delete(compile);
        return (compiled ??= build(route) as Validate);
      };
      pending.add(compile);
      const validate: Validate = (data) => {
        const fn = compiled ?? compile();
        const result = fn(data);
        validate.errors = fn.errors;
        return result;
      };
      return validate;
    };
  };
}

/** Compiles every validator not yet used; throws the first schema error. Returns how many it compiled. */
export function compilePendingValidators(): number {
  let n = 0;
  for (const compile of [...pending]) {
    compile();
    n++;
  }
  return n;
}
