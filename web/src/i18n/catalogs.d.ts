// The catalogs are JSON that Vite bundles into the page: nested objects of texts. Their keys are
// checked by tests/catalogs.mjs (every language has English's) and tests/literals.mjs (every key
// the pages ask for exists), not by the compiler.
declare module '*.json' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
