/** A public link's path and query (its key too), to ask the app under test for it with inject. */
export function pathAndQuery(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
