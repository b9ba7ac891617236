import {
  IconArchive,
  IconBookStroked,
  IconBriefcase,
  IconCode,
  IconCoinMoneyStroked,
  IconCreditCard,
  IconDesktop,
  IconFile,
  IconHistogram,
  IconHome,
  IconList,
  IconLock,
  IconMapPin,
  IconMonitorStroked,
  IconSend,
  IconServer,
  IconSetting,
} from '@douyinfe/semi-icons';
import type { ReactNode } from 'react';

/** MENU_TREE icon names → Semi icons. */
const ICONS: Record<string, ReactNode> = {
  archive: <IconArchive />,
  bank: <IconCreditCard />,
  book: <IconBookStroked />,
  briefcase: <IconBriefcase />,
  calculator: <IconCoinMoneyStroked />,
  chart: <IconHistogram />,
  code: <IconCode />,
  database: <IconServer />,
  file: <IconFile />,
  home: <IconHome />,
  list: <IconList />,
  lock: <IconLock />,
  map: <IconMapPin />,
  monitor: <IconMonitorStroked />,
  screen: <IconDesktop />,
  setting: <IconSetting />,
  truck: <IconSend />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return name ? (ICONS[name] ?? <IconList />) : undefined;
}
