// The one corner of unzipper (no published types) that xlsx-read.ts uses: the central directory.
declare module 'unzipper' {
  export interface CentralDirectoryFile { path: string; uncompressedSize: number }
  export const Open: { buffer(buffer: Buffer): Promise<{ files: CentralDirectoryFile[] }> };
}
