import { z } from 'zod';

/**
 * Schemas that hold no object, so nothing in them can carry an extra field; and `unknown`, which the contract
 * itself leaves open (an event's payload, whose shape its type names).
 */
const LEAVES = new Set(['string', 'number', 'int', 'boolean', 'bigint', 'enum', 'literal', 'null', 'date', 'nan', 'template_literal', 'unknown']);

/**
 * A contract's answer schema with every object in it strict, at any depth (zod's `z.strictObject`): an extra
 * field fails, as a missing required one already does. Built with zod's public API only; a kind of schema it has
 * no rule for throws, so an answer is never checked more loosely than it reads.
 */
export function strictSchema(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    return z.strictObject(Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [key, strictSchema(field)])));
  }
  if (schema instanceof z.ZodArray) return z.array(strictSchema(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictSchema(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictSchema(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as readonly z.ZodType[]).map(strictSchema);
    return z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  }
  if (schema instanceof z.ZodRecord) return z.record(schema.keyType as z.ZodString, strictSchema(schema.valueType as z.ZodType));
  if (schema instanceof z.ZodLazy) {
    let inner: z.ZodType | undefined;
    return z.lazy(() => (inner ??= strictSchema(schema.unwrap() as z.ZodType)));
  }
  if (LEAVES.has(schema.def.type)) return schema;
  throw new Error(`strictSchema: no rule for a ${schema.def.type} schema`);
}
