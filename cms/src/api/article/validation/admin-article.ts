// The boundary of /api/admin/articles: the bodies are the shared request schemas (packages/shared/src/schemas/articles.ts).
export { adminArticleInput, articlePreviewInput as previewInput, type AdminArticleFields } from '@writory/shared';
