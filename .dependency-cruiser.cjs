/**
 * The layering rules, enforced by `npm run depcruise` (part of `npm test`):
 *  - the web app never imports the server, and the server never imports the web app;
 *  - the contract depends on nothing of ours; the catalogue only on the contract;
 *  - web features never import each other; app/ composes them; ui/ and lib/ know no feature;
 *  - server areas never import each other; platform/ knows neither core/ nor areas/;
 *    core/ never imports areas/;
 *  - no cycles anywhere.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^(apps/server|tools/)' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'contract-is-a-leaf',
      comment: 'The contract is zod schemas and pure rules: it imports nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contract' },
      to: { path: '^(apps|tools|packages/catalogue)' },
    },
    {
      name: 'catalogue-only-contract',
      severity: 'error',
      from: { path: '^packages/catalogue' },
      to: { path: '^(apps|tools)' },
    },
    {
      name: 'web-features-are-independent',
      comment: 'A feature never imports another feature; app/ composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-knows-no-feature',
      comment: 'ui/ and lib/ are shared by every feature, so they know none of them.',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-ui-not-lib-features',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/ui/' },
    },
    {
      name: 'server-areas-are-independent',
      severity: 'error',
      from: { path: '^apps/server/src/areas/([^/]+)/' },
      to: { path: '^apps/server/src/areas/([^/]+)/', pathNot: '^apps/server/src/areas/$1/' },
    },
    {
      name: 'server-platform-is-below-core',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(core|areas)/' },
    },
    {
      // Accounts are the base the engine stands on: they ask the engine through what app.ts
      // hands them (e.g. isOwnImage), never by importing it.
      name: 'server-accounts-below-engine',
      severity: 'error',
      from: { path: '^apps/server/src/core/accounts/' },
      to: {
        path: '^apps/server/src/core/(uploads|applications|bills|payments|documents|drafts|staff|verification)/',
      },
    },
    {
      name: 'server-core-is-below-areas',
      severity: 'error',
      from: { path: '^apps/server/src/core/' },
      to: { path: '^apps/server/src/areas/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-e2e[^/]*|node_modules|coverage|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: true,
    preserveSymlinks: false,
  },
};
