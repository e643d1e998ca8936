import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Modal, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QR_MESSAGES } from '@vitrine/core';
import { translateMessage } from '../../lib/messages';

/** The camera error, in the spec's words (spec §5). */
function cameraMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return QR_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return QR_MESSAGES.notFound;
  if (name === 'OverconstrainedError') return QR_MESSAGES.noSuitable;
  return QR_MESSAGES.error;
}

/** Scans the QR code the player shows (its bind link) with the camera. */
export function QrScanButton({ onCode }: { onCode: (value: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionIcon size="lg" variant="default" aria-label={t('points.scan')} onClick={() => setOpen(true)}>
        <IconQrcode size={18} />
      </ActionIcon>
      {open && (
        <Scanner
          onClose={() => setOpen(false)}
          onCode={(value) => {
            onCode(value);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function Scanner({ onClose, onCode }: { onClose: () => void; onCode: (value: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stop = () => undefined as void;
    let cancelled = false;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (!(await QrScanner.hasCamera())) throw Object.assign(new Error('none'), { name: 'NotFoundError' });
        if (cancelled || !video.current) return;
        const scanner = new QrScanner(
          video.current,
          (result) => {
            if (/[?&]bind=[A-Za-z0-9]+/.test(result.data) || /^[A-Za-z0-9]{6}$/.test(result.data))
              onCode(result.data);
            else setError(QR_MESSAGES.invalid);
          },
          { returnDetailedScanResult: true, preferredCamera: 'environment' },
        );
        stop = () => {
          scanner.stop();
          scanner.destroy();
        };
        await scanner.start();
      } catch (e) {
        setError(cameraMessage(e));
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
  }, [onCode]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('points.scanTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <video ref={video} style={{ width: '100%', borderRadius: 8, background: '#000' }} muted playsInline />
        {error ? (
          <Alert color="red" role="alert">
            {translateMessage(error)}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('points.scanHelp')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
