// CloudFront response headers policies made from the shared security policies
// (shared/resources/securityHeaders.ts), the same the local gateway sends: one for the app's pages and
// assets, one for the API's answers. Over HTTPS, both carry HSTS.
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import type { SecurityPolicy } from '../../shared/resources/securityHeaders';

const REFERRER_POLICIES: Record<SecurityPolicy['referrerPolicy'], cloudfront.HeadersReferrerPolicy> = {
  'strict-origin-when-cross-origin': cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
};

export function responseHeadersPolicy(scope: Construct, id: string, policy: SecurityPolicy, comment: string): cloudfront.ResponseHeadersPolicy {
  const hsts = policy.strictTransportSecurity;
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: policy.contentSecurityPolicy.value, override: policy.contentSecurityPolicy.override },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICIES[policy.referrerPolicy], override: true },
      frameOptions: policy.frameOptions && { frameOption: cloudfront.HeadersFrameOption[policy.frameOptions], override: true },
      strictTransportSecurity: hsts && { accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds), includeSubdomains: hsts.includeSubdomains, override: true },
    },
  });
}
