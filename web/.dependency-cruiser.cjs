// The browser code's layers (DESIGN.md, "Web UI"), checked by the ctest web_layers
// (dependency-cruiser): no import cycles, and each layer imports only those below it:
//   model (pure: names, notation, clocks, storage keys)  <-  api (the server)  <-  board
//   <-  widgets  <-  pages  <-  main.ts (the router); i18n beside model.
// api/types.ts (the server's JSON, typed once) is types only and may be imported from anywhere.
const types = '^src/api/types\\.ts$';
module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', comment: 'modules that import one another cannot be read or tested apart',
      from: {}, to: { circular: true } },
    { name: 'model-is-pure', severity: 'error', comment: 'model/ imports only model/, i18n/ and the JSON types',
      from: { path: '^src/model/' }, to: { pathNot: ['^src/model/', '^src/i18n/', types] } },
    { name: 'api-below-the-views', severity: 'error', comment: 'api/ imports only api/ and model/',
      from: { path: '^src/api/' }, to: { pathNot: ['^src/api/', '^src/model/', 'node_modules'] } },
    { name: 'board-below-widgets', severity: 'error', comment: 'board/ imports model/, i18n/, the JSON types and the board libraries',
      from: { path: '^src/board/' }, to: { pathNot: ['^src/board/', '^src/model/', '^src/i18n/', types, 'node_modules'] } },
    { name: 'i18n-is-a-leaf', severity: 'error', comment: 'i18n/ (the catalogs) imports only i18n/ and model/',
      from: { path: '^src/i18n/' }, to: { pathNot: ['^src/i18n/', '^src/model/', 'node_modules'] } },
    { name: 'widgets-never-import-pages', severity: 'error',
      from: { path: '^src/widgets/' }, to: { path: ['^src/pages/', '^src/main\\.ts$'] } },
    { name: 'pages-never-import-pages', severity: 'error', comment: 'a page file imports no other page: what two share is a widget',
      from: { path: '^src/pages/[^/]+\\.ts$' }, to: { path: '^src/pages/' } },
    { name: 'page-folders-stay-apart', severity: 'error', comment: 'a page in its own folder imports only its own folder among the pages',
      from: { path: '^src/pages/([^/]+)/' }, to: { path: '^src/pages/', pathNot: '^src/pages/$1/' } },
    { name: 'only-main-imports-pages', severity: 'error',
      from: { pathNot: ['^src/pages/', '^src/main\\.ts$'] }, to: { path: '^src/pages/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.css$' },
    // shogiground's package exports only `types` and `import` conditions, as Vite resolves them.
    enhancedResolveOptions: { conditionNames: ['import', 'types', 'default'], exportsFields: ['exports'] },
  },
};
