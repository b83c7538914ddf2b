declare module 'virtual:kaunti-catalogue-index' {
  const index: import('@kaunti/catalogue/catalogue-index').CatalogueIndex;
  export default index;
}

declare module 'virtual:kaunti-catalogue-texts/sw' {
  const texts: ReturnType<typeof import('@kaunti/catalogue/catalogue-index').catalogueTextsOf>;
  export default texts;
}
