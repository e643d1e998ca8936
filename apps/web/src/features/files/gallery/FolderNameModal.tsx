import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { nameSchema, type GalleryItem } from '@vitrine/core';
import { useFormSubmit, useZodForm } from '../../../lib/useZodForm';

const NameForm = z.strictObject({ name: nameSchema });

/**
 * The name of a new folder, or the new name of a folder or file (`item`). The new folder shows in the list
 * at once (the save is optimistic); the dialog closes when the server has taken the name, and a refused
 * name stays on its field.
 */
export function FolderNameModal({
  item,
  onSave,
  onClose,
}: {
  item?: GalleryItem | undefined;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(NameForm, { name: item?.name ?? '' });
  const { busy, onSubmit } = useFormSubmit(form, (body) => onSave(body.name), { onSuccess: onClose });
  return (
    <Modal opened onClose={onClose} title={item ? t('gallery.renameTitle') : t('gallery.newFolder')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label={t('gallery.name')} data-autofocus {...form.inputProps('name')} />
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
