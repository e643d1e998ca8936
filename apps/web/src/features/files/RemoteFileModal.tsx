import { Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FileImportBody, RemoteFileInput } from '@vitrine/core';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { addRemoteFiles, GALLERY_KEY, importFile } from './files.api';

const RemoteForm = z.object({
  url: RemoteFileInput.shape.url,
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.number().optional(),
  keepCopy: z.boolean(),
  live: z.boolean(),
});

/**
 * Adds a file by its address: played from there (with the size and duration given), or, with "keep a
 * copy", fetched into the library by the server. A live stream (HLS or an endless video) has no duration
 * and is never stored on the screens.
 */
export function RemoteFileModal({
  folderId,
  opened,
  onClose,
}: {
  folderId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const empty = { url: '', width: 1920, height: 1080, duration: 10, keepCopy: false, live: false };
  const form = useZodForm(RemoteForm, empty);
  /** A kept copy is fetched by the server; else the file is played from its address, checked here first. */
  const send = async (values: z.output<typeof RemoteForm>): Promise<boolean> => {
    if (values.keepCopy) {
      await importFile(FileImportBody.parse({ url: values.url, folderId }));
      return true;
    }
    const file = RemoteFileInput.safeParse({
      url: values.url,
      width: values.width,
      height: values.height,
      ...(values.live ? { live: true } : { duration: values.duration }),
    });
    if (!file.success) {
      form.setErrors(
        Object.fromEntries(file.error.issues.map((i) => [i.path.join('.'), t('validation.invalid')])),
      );
      return false;
    }
    await addRemoteFiles(folderId, [file.data]);
    return true;
  };
  const { busy, onSubmit } = useFormSubmit(form, send, {
    onSuccess: async (added) => {
      if (!added) return;
      await client.invalidateQueries({ queryKey: GALLERY_KEY });
      form.setValues(empty);
      onClose();
    },
  });

  const number = (field: 'width' | 'height' | 'duration', label: string) => (
    <NumberInput
      label={label}
      min={field === 'duration' ? 0.1 : 1}
      value={form.values[field] ?? ''}
      error={form.errors[field]}
      onChange={(value) => form.set(field, typeof value === 'number' ? value : undefined)}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('gallery.addByUrl')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('gallery.url')}
            placeholder="https://example.com/file.mp4"
            {...form.inputProps('url')}
          />
          {!form.values.live && (
            <Checkbox label={t('gallery.keepCopy')} {...form.checkboxProps('keepCopy')} />
          )}
          {!form.values.keepCopy && (
            <Checkbox label={t('gallery.liveStream')} {...form.checkboxProps('live')} />
          )}
          {!form.values.keepCopy && (
            <Group grow>
              {number('width', t('gallery.width'))}
              {number('height', t('gallery.height'))}
              {!form.values.live && number('duration', t('gallery.duration'))}
            </Group>
          )}
          <Button type="submit" loading={busy}>
            {t('gallery.add')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
