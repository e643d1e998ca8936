import { RemoteFileModal } from '../RemoteFileModal';
import { Preview } from './FilePreview';
import { FolderNameModal } from './FolderNameModal';
import type { GalleryBrowserState } from './useGalleryBrowser';

/** The browser's dialogs: add by address, a file's preview, and a folder's (or file's) name. */
export function GalleryDialogs({ browser: b }: { browser: GalleryBrowserState }) {
  const naming = b.naming;
  return (
    <>
      <RemoteFileModal folderId={b.folderId} opened={b.addingUrl} onClose={() => b.setAddingUrl(false)} />
      <Preview file={b.preview} onClose={() => b.setPreview(null)} canEdit={!b.modes.noCrud} />
      {naming && (
        <FolderNameModal
          item={naming.item}
          onSave={(name) => b.saveName(naming.item, name)}
          onClose={() => b.setNaming(null)}
        />
      )}
    </>
  );
}
