import { rm } from 'node:fs/promises';

interface UploadedFile {
  filepath?: string;
}

/**
 * Deletes a multipart request's temporary files once it has been answered, refused or not. Strapi's body
 * parser only cleans up the field named `files`; `picture` and the like would otherwise stay in the temp
 * folder, also when auth refuses the request before any controller runs. Copy what you keep.
 */
export function multipartCleanup() {
  return async (ctx: { request?: { files?: Record<string, UploadedFile | UploadedFile[]> } }, next: () => Promise<unknown>) => {
    try {
      await next();
    } finally {
      const files = Object.values(ctx.request?.files ?? {}).flat();
      await Promise.all(files.map((file) => (file?.filepath ? rm(file.filepath, { force: true }) : undefined)));
    }
  };
}
