// The operations app keys may call, as `make gen` takes them out of the OpenAPI document (x-app-key-scope;
// web/src/types/appkey-operations.gen.json): what /documentAppKey lists, with each one's example call.
import reference from '@/types/appkey-operations.gen.json';

export interface OperationParam {
  name: string;
  in: string;
  required: boolean;
  type: string;
  enum: readonly (string | number)[] | null;
  default: unknown;
}

export interface BodyField {
  name: string;
  required: boolean;
  type: string;
  enum: readonly (string | number)[] | null;
}

export interface KeyOperation {
  method: string;
  path: string;
  scope: string;
  operation_id: string;
  summary: string;
  parameters: OperationParam[];
  body_fields: BodyField[];
  body_example: Record<string, unknown> | null;
}

export const KEY_SCOPES: readonly string[] = reference.scopes;
export const KEY_OPERATIONS: readonly KeyOperation[] = reference.operations;

/** An anchor id of an operation. */
export function operationAnchor(op: KeyOperation): string {
  return `op-${op.operation_id}`;
}

/** The example's parameter values: each required one (an id 1), nothing else. */
export function exampleParams(op: KeyOperation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.parameters) {
    if (!p.required) continue;
    out[p.name] = p.type === 'integer' ? '1' : p.enum?.length ? String(p.enum[0]) : '';
  }
  return out;
}

/** The path with its path parameters filled and the query of the other parameters. */
export function resolveCall(
  op: KeyOperation,
  values: Record<string, string>,
): { path: string; query: string; missing: string[] } {
  let path = op.path;
  const search = new URLSearchParams();
  const missing: string[] = [];
  for (const p of op.parameters) {
    const value = (values[p.name] ?? '').trim();
    if (!value) {
      if (p.required) missing.push(p.name);
      continue;
    }
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query') search.append(p.name, value);
  }
  return { path, query: search.toString(), missing };
}
