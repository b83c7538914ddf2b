declare module 'virtual:kaunti-catalogue-index' {
  const index: import('@kaunti/catalogue/catalogue-index').CatalogueIndex;
  export default index;
}
