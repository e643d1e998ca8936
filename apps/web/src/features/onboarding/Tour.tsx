import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Modal, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PermissionKey, UserInfo } from '@vitrine/core';
import { tour, useTourOpen } from './tour';
import { holds } from '../../lib/permissions';

/** The tips of how to start (spec §2): where each thing is done, and a way there for a role that may. */
const STEPS: { id: string; to: string; key: PermissionKey }[] = [
  { id: 'screens', to: '/point', key: 'point.create' },
  { id: 'networks', to: '/net', key: 'net.route' },
  { id: 'planning', to: '/playlist', key: 'playlist.route' },
  { id: 'filtering', to: '/playlist', key: 'playlist.route' },
  { id: 'dashboard', to: '/', key: 'dashboard.route' },
];

/**
 * The how-to-start tour: five tips (creating screens, grouping them, planning content, filtering by
 * networks, the dashboard), each with a way there for a role that may go; opened from the dashboard's
 * how-to-start card or from the help menu.
 */
export function Tour({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const opened = useTourOpen();
  const [step, setStep] = useState(0);
  // Five steps side by side need room: on a phone they stand one above the other.
  const narrow = useMediaQuery('(max-width: 48em)');
  useEffect(() => {
    if (opened) setStep(0);
  }, [opened]);
  const close = () => tour.close();
  const last = step === STEPS.length - 1;
  return (
    <Modal opened={opened} onClose={close} title={t('tour.title')} size="xl">
      <Stepper
        active={step}
        onStepClick={setStep}
        size="sm"
        orientation={narrow ? 'vertical' : 'horizontal'}
        allowNextStepsSelect
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s.id} label={t(`tour.steps.${s.id}.label`)}>
            <Text fw={600} mt="md">
              {t(`tour.steps.${s.id}.title`)}
            </Text>
            <Text mt="xs">{t(`tour.steps.${s.id}.text`)}</Text>
            {holds(info, s.key) && (
              <Anchor component={Link} to={s.to} onClick={close} mt="xs" display="inline-block">
                {t('tour.goThere')}
              </Anchor>
            )}
          </Stepper.Step>
        ))}
      </Stepper>
      <Group justify="space-between" mt="lg">
        <Button variant="subtle" onClick={close}>
          {t('tour.skip')}
        </Button>
        <Group gap="xs">
          {step > 0 && (
            <Button variant="default" onClick={() => setStep((s) => s - 1)}>
              {t('tour.back')}
            </Button>
          )}
          <Button onClick={() => (last ? close() : setStep((s) => s + 1))}>
            {last ? t('tour.done') : t('tour.next')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
