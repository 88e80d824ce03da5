package dev.authservice.adapter.in.web.edge.hashing;

import java.util.concurrent.RejectedExecutionException;

/** The password-hashing queue is full: the request is refused before it waits ({@link PasswordHashingExecutor}). */
final class PasswordHashingBusy extends RejectedExecutionException {

    PasswordHashingBusy() {
        super("the password-hashing queue is full");
    }
}
