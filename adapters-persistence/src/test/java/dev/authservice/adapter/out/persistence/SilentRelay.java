package dev.authservice.adapter.out.persistence;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on loopback to a database server, which can fall silent as a server does whose machine dies or whose
 * network is cut: its connections stay open but carry nothing more, and new ones are refused.
 */
public final class SilentRelay implements AutoCloseable {

    private final ServerSocket listening;
    private final String host;
    private final int port;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean silent;

    public SilentRelay(String host, int port) throws IOException {
        this.host = host;
        this.port = port;
        listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::accept);
    }

    /** Its port on 127.0.0.1. */
    public int port() {
        return listening.getLocalPort();
    }

    /** From now on, what either side sends is dropped, and connecting is refused. */
    public void fallSilent() throws IOException {
        silent = true;
        listening.close();
    }

    @Override
    public void close() throws IOException {
        listening.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listening.accept();
                Socket server = new Socket(host, port);
                sockets.addAll(List.of(client, server));
                daemon(() -> relay(client, server));
                daemon(() -> relay(server, client));
            }
        } catch (IOException closed) {
            // fallen silent or closed
        }
    }

    private void relay(Socket from, Socket to) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                if (!silent) {
                    out.write(buffer, 0, read);
                }
            }
        } catch (IOException closed) {
            // the relay was closed, or a side went away
        }
    }

    private static void daemon(Runnable work) {
        Thread thread = new Thread(work, "silent-relay");
        thread.setDaemon(true);
        thread.start();
    }
}
