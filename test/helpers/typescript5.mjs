// `node --import ./test/helpers/typescript5.mjs node_modules/openapi-typescript/bin/cli.js …`: openapi-typescript
// builds its output with the TypeScript 5 compiler API, which TypeScript 7 (this project's compiler, a native
// binary) no longer offers; this hook gives it the `typescript5` dev dependency (TypeScript 5.9) instead.
// Users of the generated types need none of this: `npx openapi-typescript` brings its own TypeScript 5.
import { register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/'))
    return next('typescript5', context);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
