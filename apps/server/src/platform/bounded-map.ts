/**
 * Sets `key` in a map that holds at most `max` entries: when a new key would pass that, the
 * oldest entry (the first set) goes first. For what a process remembers to skip work (verified
 * sessions, checked tokens), so that memory stays bounded whatever the traffic.
 */
export function setBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
