/** /notice (§2): the NOTICE cards. */
import { ContentListPage } from './ContentListPage.tsx';

export default function NoticeListPage() {
  return <ContentListPage type="NOTICE" />;
}
