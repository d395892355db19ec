import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { buildOpenApiDocument } from '../../src/openapi/openapi-document';
import { collectRoutes } from '../../src/openapi/route-registry';

/**
 * The e2e suites' check of the OpenAPI document against what the server really answers (docs/openapi.md).
 * Every answer a suite receives through `TestApp.http` (test-app.ts) is held against the document: its status
 * must be listed for the operation, and a JSON body must match that status's schema; a CSV, text or binary
 * answer must have a content type the status lists. Mismatches are collected and fail the test that received
 * them (openapi-answers.setup.ts), as a readable list.
 */

type JsonObject = Record<string, unknown>;
interface Media {
  schema?: unknown;
}
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: JsonObject;
}

interface Template {
  method: string;
  path: string;
  pattern: RegExp;
  /** Literal segments: `/api/tasks/summary` is preferred to `/api/tasks/{id}` for the same URL. */
  literals: number;
  operation: Operation;
}

export interface Answer {
  method: string;
  /** The path and query the request was sent to. */
  url: string;
  status: number;
  contentType: string | undefined;
  /** The parsed JSON body, when the answer is JSON. */
  body: unknown;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** One document, compiled once per test process: a validator per operation, status and JSON content. */
class OpenApiAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly templates: Template[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    addFormats(this.ajv);
    // Ours (contracts/src/companies.ts): an IANA name, checked by the server with Intl.
    this.ajv.addFormat('time-zone', true);
    // Whole document under one id: the operations' `#/components/schemas/…` references resolve inside it.
    this.ajv.addSchema({ $id: 'openapi', components: document.components, paths: document.paths }, 'openapi');
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const segments = path.split('/').filter(Boolean);
        this.templates.push({
          method,
          path,
          operation,
          literals: segments.filter((s) => !s.startsWith('{')).length,
          pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
        });
      }
    }
    this.templates.sort((a, b) => b.literals - a.literals);
  }

  /** What is wrong with an answer, or null; answers to routes the document does not describe are not checked. */
  problem(answer: Answer): string | null {
    const path = answer.url.split('?')[0];
    const method = answer.method.toLowerCase();
    const template = this.templates.find((t) => t.method === method && t.pattern.test(path));
    if (!template) return null;
    // The path only: a query may hold a code or a token.
    const where = `${answer.method.toUpperCase()} ${path} (${template.operation.operationId})`;
    const documented = template.operation.responses[String(answer.status)] ?? template.operation.responses.default;
    if (!documented) return `${where}: answered ${answer.status}, not listed (lists ${Object.keys(template.operation.responses).join(', ')})`;
    const content = documented.content;
    if (!content || answer.status === 304) return null;
    const type = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!type) return null;
    const media = content[type];
    if (!media) return `${where}: answered ${answer.status} as ${type}, the document lists ${Object.keys(content).join(', ')}`;
    if (type !== 'application/json' || media.schema === undefined) return null;
    const validate = this.validator(template, String(answer.status), answer.status in template.operation.responses ? String(answer.status) : 'default');
    if (validate(answer.body)) return null;
    const first = validate.errors?.[0];
    return `${where}: ${answer.status} body does not match its schema: ${first?.instancePath || '(root)'} ${first?.message ?? ''} ${first?.params ? JSON.stringify(first.params) : ''}`.trim();
  }

  private validator(template: Template, status: string, key: string): ValidateFunction {
    const id = `${template.method} ${template.path} ${status}`;
    let validate = this.validators.get(id);
    if (!validate) {
      const pointer = ['paths', template.path, template.method, 'responses', key, 'content', 'application/json', 'schema'].map(escapePointer).join('/');
      validate = this.ajv.compile({ $ref: `openapi#/${pointer}` });
      this.validators.set(id, validate);
    }
    return validate;
  }
}

let checker: OpenApiAnswers | undefined;
const mismatches: string[] = [];

/** The document the app serves at /api/openapi.json, built the same way (setup-openapi.ts). */
export function watchAnswers(app: INestApplication): void {
  checker ??= new OpenApiAnswers(buildOpenApiDocument(collectRoutes(app.get(ModulesContainer), 'api'), 'test') as unknown as Document);
}

/** Holds one answer against the document; a mismatch is kept for the running test. */
export function checkAnswer(answer: Answer): void {
  const found = checker?.problem(answer);
  if (found && !mismatches.includes(found)) mismatches.push(found);
}

/** The mismatches found since the last call. */
export function takeMismatches(): string[] {
  return mismatches.splice(0, mismatches.length);
}
