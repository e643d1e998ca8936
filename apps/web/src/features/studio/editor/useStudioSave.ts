import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { StudioDocument, StudioItem } from '@vitrine/core';
import { ApiError } from '../../../api/client';
import { notifyError } from '../../../lib/notify';
import { useFormSubmit } from '../../../lib/useZodForm';
import { takeThumbnail } from '../thumbnail';
import { useStudioActions, type StudioKind } from '../studio.api';

const BASE = { widget: '/widgets', creation: '/creations' } as const;

interface SaveInput {
  kind: StudioKind;
  id: number | null;
  item: StudioItem | undefined;
  name: string;
  /** The document as drawn and saved (the uploaded fonts it uses included). */
  doc: StudioDocument;
  /** The document as edited: the baseline for unsaved changes once saved. */
  edited: StudioDocument;
  markSaved: (value: { name: string; document: StudioDocument }) => void;
  /** A new item was saved under this id: the editor holds it already. */
  adopt: (id: number) => void;
}

/**
 * The editor's save: the name is required, the preview's thumbnail goes with the document, the revision
 * loaded guards against overwriting another save; a new item opens at its own address once saved.
 */
export function useStudioSave({ kind, id, item, name, doc, edited, markSaved, adopt }: SaveInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save } = useStudioActions(kind);
  const [nameError, setNameError] = useState<string | null>(null);

  // The save goes through the form kit: the client says success ('<name> saved') or the server's refusal
  // once (one toast, not two over the Save button); only a failure before the call (the thumbnail) is
  // said here.
  const validate = () => {
    if (!name.trim()) {
      setNameError(t('validation.required'));
      return null;
    }
    setNameError(null);
    return name.trim();
  };
  const { busy, onSubmit: submit } = useFormSubmit(
    { validate, markSaved: () => markSaved({ name, document: edited }) },
    async (trimmed) => {
      const thumbnail = await takeThumbnail(
        document.querySelector<HTMLElement>('[data-testid="studio-preview"]'),
      );
      return save.mutateAsync({
        id,
        name: trimmed,
        notice: t('studio.saved', { name: trimmed }),
        document: doc,
        ...(thumbnail ? { thumbnail } : {}),
        ...(item ? { revision: item.revision } : {}),
      });
    },
    {
      onSuccess: (saved) => {
        if (id !== null) return;
        adopt(saved.id);
        void navigate({ to: `${BASE[kind]}/$id`, params: { id: String(saved.id) } });
      },
      onError: (error) => {
        if (!(error instanceof ApiError))
          notifyError(t('studio.failed', { name: name.trim(), reason: String(error) }));
      },
    },
  );

  return { submit, nameError, saving: busy };
}
