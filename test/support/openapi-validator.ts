// Checks every answer the HTTP suites receive against the OpenAPI document the service serves: the status
// must be documented for the operation, and a JSON body must match that status's schema (error codes
// included: each status lists its codes as an enum). A response that contradicts the document fails the
// test that received it.
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

interface Route {
  pattern: RegExp;
  /** Static segments first: `/knowledge/text` wins over `/knowledge/{sourceId}`. */
  specificity: number;
  path: string;
}

export class OpenApiResponseValidator {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  readonly #routes: Route[];
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    addFormats.default(this.#ajv);
    this.#ajv.addSchema(document, 'openapi', undefined, false);
    this.#routes = Object.keys(document.paths as Json)
      .map((path) => ({
        path,
        pattern: new RegExp(
          `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}/?$`,
        ),
        specificity: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      }))
      .sort((a, b) => b.specificity - a.specificity);
  }

  /** Throws an AssertionError when the answer contradicts the document; answers of undocumented routes pass. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: unknown): void {
    const pathname = url.split('?')[0] ?? url;
    const route = this.#routes.find((r) => r.pattern.test(pathname));
    const operation = route ? (this.document.paths[route.path] as Json)[method.toLowerCase()] : undefined;
    // Routes of the service have an operationId; probes that tests add for themselves are not checked.
    if (!route || !operation?.operationId) return;
    const where = `${method.toUpperCase()} ${route.path} → ${status}`;
    const response = (operation.responses as Json)[String(status)];
    assert.ok(response, `${where}: the document does not list status ${status} for this operation`);
    if (!contentType?.startsWith('application/json')) return;
    const pointer = `#/paths/${route.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    if (!response.content?.['application/json']?.schema)
      assert.fail(`${where}: a JSON body, but the document gives it no schema`);
    let validate = this.#compiled.get(pointer);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `openapi${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    if (!validate(body)) {
      assert.fail(
        `${where}: the body contradicts the document: ${this.#ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 600)}`,
      );
    }
  }
}
