// Request validation with Ajv. Bodies are checked strictly (no type coercion, unknown fields are errors,
// never silently removed); query strings and path parameters are text, so they are coerced.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ErrorDetail } from '../errors.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ajvFormats.default as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const strict = makeAjv(false);
const coercing = makeAjv(true);
const cache = new WeakMap<object, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strict : coercing;
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate as ReturnType<FastifySchemaCompiler<object>>;
};

const PART: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Ajv errors → the contract's `details`: `{ field: "body.url", message }`. */
export function validationDetails(errors: ErrorObject[], context: string | undefined): ErrorDetail[] {
  const prefix = PART[context ?? 'body'] ?? 'body';
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    // anyOf/oneOf wrappers repeat what their branches said.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    let path = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`))
      .join('');
    let message = error.message ?? 'is invalid';
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') {
      path += `.${String(params.missingProperty)}`;
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path += `.${String(params.additionalProperty)}`;
      message = 'is not a known field';
    } else if (error.keyword === 'enum') {
      message = `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    } else if (error.keyword === 'const' && params.allowedValue !== undefined) {
      message = `must be ${String(params.allowedValue)}`;
    }
    const field = prefix + path;
    const key = `${field}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ field, message });
  }
  return details;
}
