import { handled500ApiRoute } from '@/bundled/pages';

export default handled500ApiRoute('pages-api-handled-500');
