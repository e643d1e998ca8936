/** What other features use of files: the creatives list and upload, the gallery as a picker. */
export { useCreativeUpload, useCreatives } from './files.api';
export { GalleryBrowser } from './GalleryBrowser';
