import * as Sentry from '@sentry/nextjs';
import type { NextPageContext } from 'next';
import Head from 'next/head';
import NextError from 'next/error';
import { ClassicFallback } from '@/app/_fallback/ClassicFallback';
import { useBrowserHostname } from '@/app/_fallback/useBrowserHostname';
import type { FallbackVariant } from '@/app/_fallback/sentence';

interface Props {
  statusCode: number;
  /** Where the exception happened: the server (its response is this page), or the browser (no response). */
  side: FallbackVariant;
}

/**
 * The Pages Router's error page: the product's classic fallback for an exception, server or client
 * (no digest: the Pages Router has none); Next's own screen for a status that is no exception (404).
 */
export default function PagesError({ statusCode, side }: Props) {
  const host = useBrowserHostname();
  if (statusCode < 500) return <NextError statusCode={statusCode} />;
  return (
    <>
      <Head>
        <title>Application error</title>
      </Head>
      {host === null ? null : <ClassicFallback variant={side} host={host} />}
    </>
  );
}

PagesError.getInitialProps = ({ res, err }: NextPageContext): Props => {
  if (res) return { statusCode: res.statusCode, side: 'server' };
  // In the browser: an exception only the browser saw (the server's were handed to onRequestError).
  if (err) Sentry.captureException(err, { mechanism: { handled: false, type: 'auto.faultline.pages_error' } });
  return { statusCode: 500, side: 'client' };
};
