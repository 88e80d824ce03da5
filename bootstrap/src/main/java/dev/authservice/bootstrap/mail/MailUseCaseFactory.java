package dev.authservice.bootstrap.mail;

import dev.authservice.adapter.out.telemetry.mail.MailDeliveryMetrics;
import dev.authservice.application.mail.port.in.DeliverMailUseCase;
import dev.authservice.application.mail.port.out.MailDeliveryReport;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.mail.port.out.MailTransport;
import dev.authservice.application.mail.service.DeliverMailService;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.mail.DeliveryPolicy;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Wires the mail: the queue the use cases write to, in their own transactions, and the use case of the worker that
 * delivers it, which exists only where there is a {@link MailTransport} to deliver with ({@link MailTransportFactory}).
 * Each retry waits a random part of its back-off less, so that mails that failed together are not tried together.
 */
@Factory
class MailUseCaseFactory {

    @Singleton
    MailQueue mailQueue(MailOutbox outbox, RandomSource random, Clock clock) {
        return new MailQueue(outbox, random, clock);
    }

    /** Built with the context, so that the meters are on /prometheus at zero before the first round. */
    @Context
    MailDeliveryMetrics mailDeliveryMetrics(MeterRegistry registry) {
        return new MailDeliveryMetrics(registry);
    }

    @Singleton
    @Requires(beans = MailTransport.class)
    DeliverMailUseCase deliverMail(MailOutbox outbox, MailTransport transport, MailDeliveryReport report,
                                   DeliveryPolicy policy, @Property(name = "auth.mail.worker.lease") Duration lease,
                                   Clock clock) {
        if (lease.isNegative() || lease.isZero()) {
            throw new MisconfigurationException("auth.mail.worker.lease (AUTH_MAIL_WORKER_LEASE) must be positive, not "
                    + lease);
        }
        return new DeliverMailService(outbox, transport, report, policy,
                () -> ThreadLocalRandom.current().nextDouble(), lease, clock);
    }
}
