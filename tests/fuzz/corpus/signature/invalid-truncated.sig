<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="4" mpi-library="synthetic (compress/synth.c)" tracer="synthetic">
  <arg>synthetic</arg>
  <arg>stencil</arg>
  <arg>-i</arg>
  <arg>6</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="2.56" trace-length="256" signature-length="100"/>
 <sites>
  <site id="0" module="/synthetic/app" offset="4096" function="synthetic"/>
  <site id="1" module="/synthetic/app" offset="4160" function="synthetic"/>
  <site id="2" module="/synthetic/app" offset="4224" function="synthetic"/>
  <site id="3" module="/synthetic/app" offset="4288" function="synthetic"/>
  <site id="4" module="/synthetic/app" offset="4352" function="synthetic"/>
  <site id="5" module="/synthetic/app" offset="4416" function="synthetic"/>
  <site id="6" module="/synthetic/app" offset="4480" function="synthetic"/>
  <site id="7" module="/synthetic/app" offset="4544" function="synthetic"/>
  <site id="8" module="/synthetic/app" offset="4608" function="synthetic"/>
  <site id="9" module="/synthetic/app" offset="4672" function="synthetic"/>
  <site id="10" module="/synthetic/app" offset="4736" function="synthetic"/>
  <site id="11" module="/synthetic/app" offset="4800" function="synthetic"/>
  <site id="12" module="/synthetic/app" offset="4864" function="synthetic"/>
  <site id="13" module="/synthetic/app" offset="4928" function="synthetic"/>
  <site id="14" module="/synthetic/app" offset="4992" function="synthetic"/>
  <site id="15" module="/synthetic/app" offset="5056" function="synthetic"/>
  <site id="16" module="/synthetic/app" offset="5120" function="synthetic"/>
  <site id="17" module="/synthetic/app" offset="5184" function="synthetic"/>
  <site id="18" module="/synthetic/app" offset="5248" function="synthetic"/>
  <site id="19" module="/synthetic/app" offset="5312" function="synthetic"/>
  <site id="20" module="/synthetic/app" offset="5376" function="synthetic"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1 2 3"/>
  <comm id="1" gid="1000" created-by="MPI_Cart_create" parent-slot="0" members="0 1 2 3" dims="2 2" periods="0 0"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="64" time-ns="3597363" compute-ns="424563" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
  <rank id="1" class="0" events="64" time-ns="3595737" compute-ns="422937" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
  <rank id="2" class="0" events="64" time-ns="3583538" compute-ns="410738" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
  <rank id="3" class="0" events="64" time-ns="3583684" compute-ns="410884" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
 </ranks>
 <class id="0" ranks="0 1 2 3" program="1" events="64" length="25" time-ns="3590080.5">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="4">
   <side role="member" flags="" events="4" rbytes-events="4" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="4" mean="19900" min="19900" max="19900" shift="100" buckets="711:4"/>
   <compute-cpu count="4" mean="19900" min="19900" max="19900" shift="100" buckets="711:4"/>
   <duration count="4" mean="3e+06" min="3000000" max="3000000" buckets="1071:4"/>
  </symbol>
  <symbol id="1" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="4">
   <side role="member" flags="" events="4" rbytes-events="4" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="4" mean="4900" min="4900" max="4900" shift="100" buckets="610:4"/>
   <compute-cpu count="4" mean="4900" min="4900" max="4900" shift="100" buckets="610:4"/>
   <duration count="4" mean="20000" min="20000" max="20000" buckets="711:4"/>
  </symbol>
  <symbol id="2" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="1" occurrences="4">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="4" rbytes-events="2" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="4" mean="49899.75" min="45548" max="54094" shift="100" buckets="769:1 770:1 782:2"/>
   <compute-cpu count="4" mean="49899.75" min="45548" max="54094" shift="100" buckets="769:1 770:1 782:2"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="3" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="24">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="24" rbytes-events="12" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="4" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="24">
   <peer kind="cart" vec="0 -1"/>
   <side role="member" flags="" events="24" rbytes-events="12" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="24">
   <peer kind="cart" vec="0 1"/>
   <side role="member" flags="" events="24" rbytes-events="12" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="6" call="MPI_Isend" comm="2" tag="1" d