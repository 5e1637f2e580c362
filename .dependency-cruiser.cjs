// Import circles, type-only imports included. eslint-plugin-import's no-cycle (eslint.config.mjs) skips
// `import type` by design and has no option to count it, yet a type-only circle is still two modules that
// cannot be understood, moved or split apart alone. dependency-cruiser reads the TypeScript before
// compilation (tsPreCompilationDeps), so it sees those imports too. `npm run lint` and the lint tier
// (scripts/lintTier.ts, through scripts/importCycles.ts) run it over src/, test/, bench/ and scripts/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other, directly or around a loop (type-only imports count). Move what both need into a leaf module that imports neither.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|out|dist)/' },
  },
};
