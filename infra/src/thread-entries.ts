import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A service's worker-thread task modules (`*.thread.ts` under its `src/`, run by an IsolatedPool):
 * bundled beside its main entry, where the pool finds them (service-kit `isolation/thread-script.ts`).
 */
export function threadEntriesOf(service: string, root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.thread.ts')) found.push(relative(root, path));
    }
  };
  walk(join(root, 'services', service, 'src'));
  return found.sort();
}
