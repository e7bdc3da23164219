import { throwingApiRoute } from '@/bundled/pages';

export default throwingApiRoute('pages-api-throws');
