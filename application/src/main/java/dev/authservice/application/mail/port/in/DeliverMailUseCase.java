package dev.authservice.application.mail.port.in;

import java.util.function.Function;

/**
 * A worker's round: claims the due mails of the outbox, tries each once, and records what the domain decided of
 * each attempt. Rounds on several instances share the work; a mail is sent at least once, and once when nothing fails
 * between its sending and its record.
 */
public interface DeliverMailUseCase {

    Result deliverMail(Command command);

    /** @param batchSize how many due mails the round claims at most, 1 to {@value #MAX_BATCH_SIZE} */
    record Command(int batchSize) {

        public static final int MAX_BATCH_SIZE = 1000;

        public Command {
            if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
                throw new IllegalArgumentException("a batch is 1 to " + MAX_BATCH_SIZE + " mails, not " + batchSize);
            }
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Delivered, T> delivered, Function<NothingDue, T> nothingDue);

        /**
         * Mails were tried: how many were sent, are to be tried again, were given up, and how many the round could not
         * record because its claim had lapsed (another worker has them).
         */
        record Delivered(int sent, int retried, int givenUp, int lapsed) implements Result {
            @Override
            public <T> T match(Function<Delivered, T> delivered, Function<NothingDue, T> nothingDue) {
                return delivered.apply(this);
            }

            /** Whether the batch was full: more mails may be due. */
            public boolean full(Command command) {
                return sent + retried + givenUp + lapsed >= command.batchSize();
            }
        }

        /** No mail was due. */
        record NothingDue() implements Result {
            @Override
            public <T> T match(Function<Delivered, T> delivered, Function<NothingDue, T> nothingDue) {
                return nothingDue.apply(this);
            }
        }
    }
}
