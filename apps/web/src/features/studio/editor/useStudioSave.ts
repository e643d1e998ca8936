import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { StudioDocument, StudioItem } from '@vitrine/core';
import { ApiError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
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
}

/**
 * The editor's save: the name is required, the preview's thumbnail goes with the document, the revision
 * loaded guards against overwriting another save; a new item opens at its own address once saved.
 */
export function useStudioSave({ kind, id, item, name, doc, edited, markSaved }: SaveInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save } = useStudioActions(kind);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = async () => {
    if (!name.trim()) {
      setNameError(t('validation.required'));
      return;
    }
    setNameError(null);
    try {
      const thumbnail = await takeThumbnail(
        document.querySelector<HTMLElement>('[data-testid="studio-preview"]'),
      );
      const saved = await save.mutateAsync({
        id,
        name: name.trim(),
        document: doc,
        ...(thumbnail ? { thumbnail } : {}),
        ...(item ? { revision: item.revision } : {}),
      });
      markSaved({ name, document: edited });
      notifySuccess(t('studio.saved', { name: saved.name }));
      if (id === null) void navigate({ to: `${BASE[kind]}/$id`, params: { id: String(saved.id) } });
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : String(error);
      notifyError(t('studio.failed', { name: name.trim(), reason }));
    }
  };

  return { submit, nameError, saving: save.isPending };
}
