import type { AppContext, AppProps } from 'next/app';
import App from 'next/app';
import { secretMessage } from '@/bundled/secret';

/** The route whose `_app` data fails: only there, so every other Pages route renders. */
const APP_DATA_FAILS = '/scenarios/pages-app-gip-throws';

export default function FaultlineApp({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}

FaultlineApp.getInitialProps = async (context: AppContext) => {
  if (context.router.pathname === APP_DATA_FAILS) throw new Error(secretMessage('pages-app-gip-throws'));
  return App.getInitialProps(context);
};
