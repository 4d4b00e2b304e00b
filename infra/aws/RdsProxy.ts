// An RDS Proxy in front of the operator's PostgreSQL (deploy config rdsProxy): Lambda containers come
// and go by the hundred on a busy day, and each would hold its own connections; the proxy pools them
// into a few to the database. The functions reach it in the deployment's VPC (deploy config vpc), and
// users point a database connection at the PostgresProxyEndpoint output instead of the database.
import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as rds from 'aws-cdk-lib/aws-rds';
import { Construct } from 'constructs';
import type { DeployConfig } from './deployConfig';

/** Seconds a client connection may stay idle before the proxy closes it (Lambda pools close theirs after a second). */
export const PROXY_IDLE_CLIENT_TIMEOUT_SECONDS = 900;

export interface RdsProxyProps {
  proxy: NonNullable<DeployConfig['rdsProxy']>;
  vpc: NonNullable<DeployConfig['vpc']>;
}

export class RdsProxy extends Construct {
  readonly endpoint: string;

  constructor(scope: Construct, id: string, props: RdsProxyProps) {
    super(scope, id);
    const { proxy, vpc } = props;
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('rds.amazonaws.com'),
      description: 'Lets the RDS Proxy read the database login it connects with',
    });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [proxy.secretArn] }));
    const cfn = new rds.CfnDBProxy(this, 'Proxy', {
      // A physical name is required; the stack name carries the stage, so stages do not clash.
      dbProxyName: `${Stack.of(this).stackName}-postgres`.toLowerCase().slice(0, 60),
      engineFamily: 'POSTGRESQL',
      auth: [{ authScheme: 'SECRETS', secretArn: proxy.secretArn, iamAuth: 'DISABLED', clientPasswordAuthType: 'POSTGRES_SCRAM_SHA_256' }],
      roleArn: role.roleArn,
      vpcSubnetIds: vpc.subnetIds,
      vpcSecurityGroupIds: vpc.securityGroupIds,
      // Clients must use TLS, as the functions do by default (PG_DEFAULT_SSLMODE).
      requireTls: true,
      idleClientTimeout: PROXY_IDLE_CLIENT_TIMEOUT_SECONDS,
    });
    new rds.CfnDBProxyTargetGroup(this, 'Target', {
      dbProxyName: cfn.ref,
      targetGroupName: 'default',
      dbInstanceIdentifiers: proxy.dbInstanceIdentifier ? [proxy.dbInstanceIdentifier] : undefined,
      dbClusterIdentifiers: proxy.dbClusterIdentifier ? [proxy.dbClusterIdentifier] : undefined,
      connectionPoolConfigurationInfo: { maxConnectionsPercent: 90, maxIdleConnectionsPercent: 10 },
    });
    this.endpoint = cfn.attrEndpoint;
    new CfnOutput(Stack.of(this), 'PostgresProxyEndpoint', {
      value: cfn.attrEndpoint,
      description: 'Host for PostgreSQL connections through the RDS Proxy (postgresql://user:password@<this>:5432/db)',
    });
  }
}
