import * as path from 'node:path';
import type { ICruiseResult } from 'dependency-cruiser' with { 'resolution-mode': 'import' };

/**
 * The import-circle check of the lint tier: dependency-cruiser with the repository's
 * .dependency-cruiser.cjs, which counts type-only imports (ESLint's import/no-cycle does not).
 * One function so `npm run lint`'s rules, the lint tier and the lint tests check the same thing.
 */
export interface ImportCycleReport {
  /** One line per circle found, `a.ts → b.ts → a.ts`, paths relative to the folder cruised from. */
  circles: string[];
  /** The readable report (dependency-cruiser's `err` format), empty when there is no circle. */
  text: string;
  modules: number;
}

/** The lint roots: the TypeScript `npm run lint` reads. */
export const IMPORT_CYCLE_ROOTS = ['src', 'test', 'bench', 'scripts'];

/**
 * Cruise `roots` (relative to `baseDir`) for import circles with the rules of `configFile`.
 * `baseDir` is where the config's paths are anchored (the repository root unless a test moves it).
 */
export async function findImportCycles(roots: readonly string[], baseDir: string, configFile = path.resolve(__dirname, '..', '..', '.dependency-cruiser.cjs')): Promise<ImportCycleReport> {
  const { cruise, format } = await import('dependency-cruiser');
  const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
  const options = await extractDepcruiseOptions(configFile);
  const tsConfigFile = path.resolve(path.dirname(configFile), options.tsConfig?.fileName ?? 'tsconfig.json');
  const cruised = await cruise([...roots], { ...options, baseDir, outputType: 'json' }, undefined, { tsConfig: extractTSConfig(tsConfigFile) });
  const result: ICruiseResult = typeof cruised.output === 'string' ? (JSON.parse(cruised.output) as ICruiseResult) : cruised.output;
  const circles = result.summary.violations
    .filter((v) => v.rule.name === 'no-circular')
    .map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' → '));
  const text = circles.length > 0 ? String((await format(result, { outputType: 'err' })).output) : '';
  return { circles, text, modules: result.summary.totalCruised };
}
