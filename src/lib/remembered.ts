// Something asked of the database once per database and kept (which storage a migration made, where an
// extension lives): one promise shared by concurrent callers. A failure is not kept: a passing outage (a
// dropped connection) is asked again on the next call instead of being remembered until a restart.

export function rememberedPerKey<K extends object, V>(
  cache: Pick<WeakMap<K, Promise<V>>, 'get' | 'set' | 'delete'>,
  key: K,
  compute: () => Promise<V>,
): Promise<V> {
  let found = cache.get(key);
  if (!found) {
    const computing = compute();
    found = computing;
    cache.set(key, computing);
    computing.catch(() => {
      if (cache.get(key) === computing) cache.delete(key);
    });
  }
  return found;
}
