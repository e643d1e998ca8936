import { useState, type DragEvent } from 'react';

/** Files dragged in from the desktop: the area is outlined while they hover, and dropped ones are uploaded. */
export function useFileDrop(enabled: boolean, addFiles: (files: File[]) => void) {
  const [dropping, setDropping] = useState(false);
  return {
    onDragOver: (event: DragEvent) => {
      if (enabled && event.dataTransfer.types.includes('Files')) {
        event.preventDefault();
        setDropping(true);
      }
    },
    onDragLeave: () => setDropping(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDropping(false);
      if (event.dataTransfer.files.length && enabled) addFiles([...event.dataTransfer.files]);
    },
    style: { outline: dropping ? '2px dashed var(--mantine-color-blue-filled)' : undefined, borderRadius: 8 },
  };
}
