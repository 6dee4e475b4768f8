// A task module that takes a while to load, as one does under tsx on a busy machine: the pool's
// deadline for its task begins once it has loaded.
import { serveIsolatedTask } from '../src/isolation/isolated-task.ts';

await new Promise((resolve) => setTimeout(resolve, 1200));
serveIsolatedTask<string, string>((text) => text.toUpperCase());
