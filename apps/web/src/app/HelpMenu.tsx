import { ActionIcon, Menu } from '@mantine/core';
import { IconBook, IconHelp, IconMail, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand/brand';
import { tour } from '../features/onboarding/tour';

/** Where people look for help: the tour again, the knowledge base and the support e-mail (brand's). */
export function HelpMenu() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('help.menu')}>
          <IconHelp size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconRoute size={16} />} onClick={() => tour.open()}>
          {t('help.tour')}
        </Menu.Item>
        {brand.knowledgeBaseUrl && (
          <Menu.Item
            component="a"
            href={brand.knowledgeBaseUrl}
            target="_blank"
            rel="noopener"
            leftSection={<IconBook size={16} />}
          >
            {t('menu.knowledgeBase')}
          </Menu.Item>
        )}
        {brand.supportEmail && (
          <Menu.Item component="a" href={`mailto:${brand.supportEmail}`} leftSection={<IconMail size={16} />}>
            {t('help.writeTo', { email: brand.supportEmail })}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
