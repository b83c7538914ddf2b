interface ImportMetaEnv {
  /** "true" in builds for the browser tests: adds /__test/ routes. */
  readonly VITE_TEST_ROUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
