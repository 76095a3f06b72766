/**
 * A vector as stored (knowledge_passage_vectors.embedding): its Float32 values' bytes, little-endian
 * as every platform Node runs on here lays them out, 4 bytes a dimension.
 */
export function vectorToBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Copies the stored bytes into `target` at `offset` (a row of an agent's matrix), or a new vector. */
export function blobToVector(blob: Buffer | Uint8Array, target?: Float32Array, offset = 0): Float32Array {
  const dimensions = Math.floor(blob.byteLength / 4);
  const out = target ?? new Float32Array(dimensions);
  const view = new DataView(blob.buffer, blob.byteOffset, dimensions * 4);
  for (let index = 0; index < dimensions; index += 1) out[offset + index] = view.getFloat32(index * 4, true);
  return out;
}
