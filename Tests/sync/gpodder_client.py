"""mygpoclient as the sync tests' phone and the sync benchmark's anchor use it.

mygpoclient sends Basic credentials only after a challenge with a realm, and its POSTs without a Content-Type;
gpodder-fastapi-router answers 401 without a realm and refuses a JSON body without its type (422). The client class
here sends both up front, as Podline, AntennaPod and Kasts do.
"""
import base64

from mygpoclient import api, json as mjson


def client(server, user, password):
    """A MygPodderClient of `user` at `server` that sends its credentials and JSON type with every request."""
    token = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

    class UpFront(mjson.JsonClient):
        def _prepare_request(self, method, uri, data):
            request = mjson.JsonClient._prepare_request(method, uri, data)
            request.add_header("Authorization", token)
            if data is not None:
                request.add_header("Content-Type", "application/json")
            return request

    return api.MygPodderClient(user, password, server, client_class=UpFront)
