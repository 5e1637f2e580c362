import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { validateBody } from '../../../src/catalogue';
import { compile } from '../../../src/catalogue/compiled';
import type { FieldMeta } from '../../../src/catalogue';
import { bodyOpVersions, NOW, setAt } from './helpers';
import { concreteLeafPaths, validBodyArbitrary } from './bodyArbitrary';

/** Runs per property; raise with CATALOGUE_PROPERTY_RUNS=1000 for a deeper search. */
const RUNS = Number(process.env['CATALOGUE_PROPERTY_RUNS'] ?? 60);

/** An out-of-range value for a field and the rule that must report it; undefined when the field has no bound. */
function outOfRange(meta: FieldMeta): { value: unknown; rule: string } | undefined {
  if (meta.enum) return { value: 'NOT_A_LISTED_VALUE', rule: 'enum' };
  if (meta.maxLength !== undefined) return { value: '1'.repeat(meta.maxLength + 1), rule: 'maxLength' };
  if (meta.max !== undefined) return { value: meta.max + 1, rule: 'max' };
  if (meta.min !== undefined) return { value: meta.min - 1, rule: 'min' };
  if (meta.jsonType === 'boolean') return { value: 'yes', rule: 'type' };
  if (meta.kind === 'integer') return { value: 1.5, rule: 'integer' };
  if (meta.pattern) return { value: ' \u00e9 ', rule: 'pattern' };
  return undefined;
}

describe('catalogue: property tests', () => {
  for (const { id, version, label } of bodyOpVersions) {
    it(`${label}: any body generated from the field metadata validates`, () => {
      fc.assert(
        fc.property(validBodyArbitrary(id, version), (body) => {
          const issues = validateBody(id, version, body, NOW);
          assert.deepEqual(issues, [], `${JSON.stringify(body)}\n→ ${issues.map((i) => i.message).join('\n')}`);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${label}: a single field mutated out of range is reported on that field`, () => {
      const { index } = compile(id, version);
      if (!index) throw new Error('no index');
      type Case = { body: Record<string, unknown>; target: { concrete: string; catalogue: string } | undefined };
      const withTarget: fc.Arbitrary<Case> = validBodyArbitrary(id, version).chain((body): fc.Arbitrary<Case> => {
        const targets = concreteLeafPaths(body, index).filter((t) => outOfRange(index.byPath.get(t.catalogue)!.meta));
        return targets.length === 0 ? fc.constant<Case>({ body, target: undefined }) : fc.constantFrom(...targets).map((target): Case => ({ body, target }));
      });
      fc.assert(
        fc.property(withTarget, ({ body, target }) => {
          if (!target) return;
          const meta = index.byPath.get(target.catalogue)!.meta;
          const bad = outOfRange(meta)!;
          const mutated = structuredClone(body);
          setAt(mutated, target.concrete, bad.value);
          const issues = validateBody(id, version, mutated, NOW);
          assert.ok(
            issues.some((i) => i.path === target.concrete && i.rule === bad.rule && i.message.startsWith(`${target.concrete}: `)),
            `expected ${bad.rule} on ${target.concrete}, got ${JSON.stringify(issues)}`,
          );
        }),
        { numRuns: RUNS },
      );
    });
  }
});
